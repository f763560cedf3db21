import { List, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPoint } from '@tabler/icons-react';

export interface RuleState {
  key: string;
  message: string;
  passed: boolean;
}

/** The live checklist of /change-password: each rule turns green once satisfied. */
export function PasswordRules({ rules }: { rules: RuleState[] }) {
  return (
    <List spacing={6} size="sm" center aria-label="Requisitos da senha" aria-live="polite">
      {rules.map((rule) => (
        <List.Item
          key={rule.key}
          data-passed={rule.passed}
          c={rule.passed ? 'copaiba.7' : 'dimmed'}
          icon={
            <ThemeIcon
              size={20}
              radius="xl"
              color={rule.passed ? 'copaiba.6' : 'gray.3'}
              c={rule.passed ? 'white' : 'gray.6'}
            >
              {rule.passed ? <IconCheck size={13} stroke={3} /> : <IconPoint size={13} />}
            </ThemeIcon>
          }
        >
          {rule.message}
          <VisuallyHidden>{rule.passed ? ' (atendido)' : ' (pendente)'}</VisuallyHidden>
        </List.Item>
      ))}
    </List>
  );
}
