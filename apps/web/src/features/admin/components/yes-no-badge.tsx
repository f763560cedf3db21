import { Badge } from '@mantine/core';
import { yesNo } from '../lib/identity-format';

/** 'Sim' (green) or 'Não' (grey). */
export function YesNoBadge({ value }: { value: boolean }) {
  return (
    <Badge variant="light" color={value ? 'copaiba' : 'gray'} radius="sm" tt="none" fw={600}>
      {yesNo(value)}
    </Badge>
  );
}
