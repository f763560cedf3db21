import { Avatar, Paper, Text } from '@mantine/core';
import { initials } from '@/lib/format';
import { mediaRendition } from '@/lib/media';
import classes from './representative-card.module.css';

interface RepresentativeCardProps {
  name: string;
  summary: string;
  photography: string | null;
}

/** A representative: photo, name and a short summary. */
export function RepresentativeCard({ name, summary, photography }: RepresentativeCardProps) {
  return (
    <Paper withBorder p="lg" radius="lg" className={classes.card}>
      <Avatar
        src={photography ? mediaRendition(photography, 480) : null}
        alt={`Foto de ${name}`}
        size={96}
        radius="50%"
        color="copaiba"
        className={classes.avatar}
        imageProps={{ loading: 'lazy', decoding: 'async' }}
      >
        {initials(name)}
      </Avatar>
      <div className={classes.text}>
        <Text fw={700}>{name}</Text>
        <Text size="sm" c="dimmed" mt={4}>
          {summary}
        </Text>
      </div>
    </Paper>
  );
}
