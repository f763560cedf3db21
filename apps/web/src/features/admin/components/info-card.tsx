import { Card, DataList, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

export interface InfoItem {
  label: string;
  value: ReactNode;
}

interface InfoCardProps {
  title: string;
  items?: InfoItem[];
  children?: ReactNode;
}

/** A card with a description list: label and value side by side, stacked on phones. */
export function InfoCard({ title, items, children }: InfoCardProps) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  return (
    <Card padding="lg" shadow="xs">
      <Stack gap="md">
        <Title order={2} fz="lg" c="copaiba.9">
          {title}
        </Title>
        {items && items.length > 0 && (
          <DataList
            withDivider
            orientation={wide ? 'horizontal' : 'vertical'}
            labelWidth={220}
            gap="sm"
          >
            {items.map((item) => (
              <DataList.Item key={item.label}>
                <DataList.ItemLabel>{item.label}</DataList.ItemLabel>
                <DataList.ItemValue style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {item.value === '' || item.value === null || item.value === undefined ? (
                    <Text span c="dimmed" size="sm">
                      -
                    </Text>
                  ) : (
                    item.value
                  )}
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList>
        )}
        {children}
      </Stack>
    </Card>
  );
}
