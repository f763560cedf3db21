import { Input } from '@mantine/core';
import { useId, useRef, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import classes from './code-boxes.module.css';

export const EMPTY_BOX = ' ';

interface CodeBoxesProps {
  /** The code typed so far; an empty box in the middle is a space. */
  value: string;
  onChange: (value: string) => void;
  /** Called once every box holds a digit. */
  onComplete?: (code: string) => void;
  length?: number;
  /** Names the group for screen readers, e.g. 'Código de confirmação'. */
  label: string;
  /** Shows the label above the boxes (otherwise it is only announced). */
  withLabel?: boolean;
  description?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** True when every box holds a digit. */
export function isCodeComplete(value: string, length = 6): boolean {
  return new RegExp(`^\\d{${length}}$`).test(value);
}

function toBoxes(value: string, length: number): string[] {
  return Array.from({ length }, (_, i) => {
    const ch = value[i] ?? '';
    return /\d/.test(ch) ? ch : '';
  });
}

function fromBoxes(boxes: string[]): string {
  return boxes
    .map((b) => b || EMPTY_BOX)
    .join('')
    .trimEnd();
}

/**
 * One digit per box (docs/product.md §5): typing moves focus forward, Backspace on an empty box moves back,
 * arrows move, and a pasted value fills every box only when it is exactly `length` digits.
 * Reused by e-mail confirmation, two-factor activation and withdrawal.
 */
export function CodeBoxes({
  value,
  onChange,
  onComplete,
  length = 6,
  label,
  withLabel = false,
  description,
  error,
  disabled,
  autoFocus,
}: CodeBoxesProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const labelId = useId();
  const errorId = useId();
  const descriptionId = useId();
  const boxes = toBoxes(value, length);

  const focusBox = (index: number) => {
    const input = refs.current[Math.max(0, Math.min(length - 1, index))];
    input?.focus();
    input?.select();
  };

  const commit = (next: string[]) => {
    const code = fromBoxes(next);
    onChange(code);
    if (isCodeComplete(code, length)) onComplete?.(code);
  };

  const handleInput = (index: number, raw: string) => {
    const digits = raw.replace(/\D/g, '');
    if (digits.length === length) {
      // Browser autofill (one-time-code) puts the whole code in one box.
      commit(digits.split(''));
      focusBox(length - 1);
      return;
    }
    const next = [...boxes];
    next[index] = digits.slice(-1);
    commit(next);
    if (next[index] && index < length - 1) focusBox(index + 1);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !boxes[index] && index > 0) {
      event.preventDefault();
      const next = [...boxes];
      next[index - 1] = '';
      commit(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').trim();
    if (!new RegExp(`^\\d{${length}}$`).test(pasted)) return;
    commit(pasted.split(''));
    focusBox(length - 1);
  };

  const describedBy = [error ? errorId : null, description ? descriptionId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      role="group"
      aria-labelledby={withLabel ? labelId : undefined}
      aria-label={withLabel ? undefined : label}
      aria-describedby={describedBy || undefined}
      className={classes.root}
    >
      {withLabel && (
        <Input.Label id={labelId} component="div" mb={6}>
          {label}
        </Input.Label>
      )}
      {description && (
        <Input.Description id={descriptionId} mb={8}>
          {description}
        </Input.Description>
      )}
      <div className={classes.boxes} style={{ gridTemplateColumns: `repeat(${length}, 1fr)` }}>
        {boxes.map((digit, index) => (
          <input
            key={index}
            ref={(el) => {
              refs.current[index] = el;
            }}
            className={classes.box}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Dígito ${index + 1} de ${length}`}
            aria-invalid={error ? true : undefined}
            data-invalid={error ? true : undefined}
            data-filled={digit ? true : undefined}
            autoFocus={autoFocus && index === 0}
            disabled={disabled}
            value={digit}
            onChange={(e) => handleInput(index, e.currentTarget.value)}
            onKeyDown={(e) => handleKeyDown(index, e)}
            onPaste={handlePaste}
            onFocus={(e) => e.currentTarget.select()}
          />
        ))}
      </div>
      {error && (
        <Input.Error id={errorId} mt={8} role="alert">
          {error}
        </Input.Error>
      )}
    </div>
  );
}
