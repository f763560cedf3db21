-- The chain outbox: on-chain operations written in the transaction of the ledger movement they
-- mirror, numbered per token in commit order, sent later by the chain worker.
--
-- Contract: a job records the ledger transfers it mirrors (chain_job_transfers), so every
-- statement row can show its transaction. A token's first job is its contract's deploy.
-- Locks: the token's row, FOR NO KEY UPDATE (the lock an UPDATE of chain_seq takes, so foreign-key
-- checks are not waited on): step 9 of locks.sql, last. A batch of purchases holds it from its
-- purchases' UPDATEs of the token, moves the counter once and calls chain_jobs_append directly
-- with every purchase it bought: one mint (purchases.sql, step 4).

-- Appends a job once the caller has moved tokens.chain_seq to p_seq under the token row's lock.
-- A token with no job yet gets its contract's deploy first: that is when its counter went 0 -> 2.
CREATE OR REPLACE FUNCTION chain_jobs_append(
  p_token_id bigint, p_seq integer, p_kind text, p_installment integer, p_transfer_ids bigint[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_job bigint;
BEGIN
  IF p_seq = 2 AND NOT EXISTS (SELECT 1 FROM chain_jobs WHERE token_id = p_token_id AND seq = 1) THEN
    INSERT INTO chain_jobs (token_id, seq, kind) VALUES (p_token_id, 1, 'deploy');
  END IF;
  INSERT INTO chain_jobs (token_id, seq, kind, installment)
  VALUES (p_token_id, p_seq, p_kind, p_installment)
  RETURNING id INTO v_job;
  INSERT INTO chain_job_transfers (transfer_id, job_id)
  SELECT u.transfer_id, v_job FROM unnest(p_transfer_ids) AS u(transfer_id);
END
$$;

-- Writes an on-chain operation in the caller's transaction: a token's deploy (once), or a job
-- recording the ledger transfers with these keys (none: nothing to record).
CREATE OR REPLACE FUNCTION chain_record(
  p_token_id bigint, p_kind text, p_installment integer, p_transfer_keys text[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_keys text[] := coalesce(p_transfer_keys, '{}');
  v_ids bigint[];
  v_seq integer;
BEGIN
  IF p_kind <> 'deploy' AND cardinality(v_keys) = 0 THEN
    RETURN;
  END IF;
  -- Planned for these keys at each call (EXECUTE): a plan cached by a connection while the ledger
  -- was small scans it whole until the next ANALYZE (5 ms for a board batch's 50 keys in the
  -- bench, docs/PERFORMANCE.md, "The secondary board"); planned now, it is the key's index.
  EXECUTE 'SELECT coalesce(array_agg(id ORDER BY id), ''{}'') FROM ledger_transfers
    WHERE idempotency_key = ANY ($1) AND token_id = $2'
  INTO v_ids USING v_keys, p_token_id;
  IF cardinality(v_ids) <> cardinality(v_keys) THEN
    RAISE EXCEPTION 'chain job for token %: % transfers not found', p_token_id,
      cardinality(v_keys) - cardinality(v_ids);
  END IF;
  SELECT chain_seq INTO v_seq FROM tokens WHERE id = p_token_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'chain job for token %: no such token', p_token_id;
  END IF;
  IF p_kind = 'deploy' THEN
    IF v_seq = 0 THEN
      UPDATE tokens SET chain_seq = 1 WHERE id = p_token_id;
      INSERT INTO chain_jobs (token_id, seq, kind) VALUES (p_token_id, 1, 'deploy');
    END IF;
    RETURN;
  END IF;
  v_seq := v_seq + CASE WHEN v_seq = 0 THEN 2 ELSE 1 END;
  UPDATE tokens SET chain_seq = v_seq WHERE id = p_token_id;
  PERFORM chain_jobs_append(p_token_id, v_seq, p_kind, p_installment, v_ids);
END
$$;
