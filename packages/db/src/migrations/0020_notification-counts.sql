CREATE TABLE "notification_counts" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL,
	"unread" bigint NOT NULL,
	CONSTRAINT "notification_counts_unread" CHECK ("notification_counts"."unread" >= 0 and "notification_counts"."unread" <= "notification_counts"."total")
);
--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The counts so far; notification_record and notifications_mark_read (packages/db/src/sql/notifications.sql) keep them from here on.
INSERT INTO "notification_counts" ("user_id", "total", "unread")
SELECT "user_id", count(*), count(*) FILTER (WHERE "read_at" IS NULL) FROM "notifications" GROUP BY 1;
