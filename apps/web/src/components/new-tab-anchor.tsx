import { Anchor, type AnchorProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

type NewTabAnchorProps = AnchorProps &
  Omit<ComponentPropsWithoutRef<'a'>, keyof AnchorProps | 'target' | 'rel'> & { href: string };

/**
 * A link opened in a new tab that cannot reach back into this one (no `window.opener`, no
 * referrer). An address someone typed or the chain gave goes through `safeExternalUrl` first
 * (docs/CODE_STYLE.md).
 */
export function NewTabAnchor(props: NewTabAnchorProps) {
  return <Anchor target="_blank" rel="noopener noreferrer" {...props} />;
}
