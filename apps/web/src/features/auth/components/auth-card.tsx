import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LogoMark } from '@/components/logo';
import { usePageTitle } from '@/lib/page-title';
import classes from './auth-card.module.css';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  width?: number;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every account screen uses. */
export function AuthCard({
  title,
  description,
  icon,
  width = 460,
  children,
  footer,
}: AuthCardProps) {
  usePageTitle(title);
  return (
    <Paper className={classes.card} maw={width} shadow="md" withBorder>
      <Stack gap="xl">
        <Stack gap={10} align="center" ta="center">
          {icon ? (
            <ThemeIcon size={52} radius="xl" variant="light" color="copaiba">
              {icon}
            </ThemeIcon>
          ) : (
            <LogoMark size={48} />
          )}
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm" maw={380}>
              {description}
            </Text>
          )}
        </Stack>
        {children}
        {footer && <div className={classes.footer}>{footer}</div>}
      </Stack>
    </Paper>
  );
}
