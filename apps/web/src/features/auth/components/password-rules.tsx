import { VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPoint } from '@tabler/icons-react';
import classes from './password-rules.module.css';

export interface RuleState {
  key: string;
  message: string;
  passed: boolean;
}

/** The live checklist of /change-password: each rule turns green once satisfied. */
export function PasswordRules({ rules }: { rules: RuleState[] }) {
  return (
    <ul className={classes.list} aria-label="Requisitos da senha">
      {rules.map((rule) => (
        <li key={rule.key} className={classes.item} data-passed={rule.passed}>
          <span className={classes.icon} aria-hidden>
            {rule.passed ? <IconCheck size={13} stroke={3} /> : <IconPoint size={13} />}
          </span>
          <span>
            {rule.message}
            <VisuallyHidden>{rule.passed ? ' (atendido)' : ' (pendente)'}</VisuallyHidden>
          </span>
        </li>
      ))}
    </ul>
  );
}
