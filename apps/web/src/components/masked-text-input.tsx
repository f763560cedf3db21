import { TextInput, type TextInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';
import { useIMask, type ReactMaskOpts } from 'react-imask';

interface MaskedTextInputProps extends Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'ref'
> {
  /** IMask options; keep the object stable (a module constant). */
  mask: ReactMaskOpts;
  defaultValue?: string;
  /** Every accepted change, as shown (masked) and without the mask characters. */
  onAccept: (value: string, unmaskedValue: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A Mantine text input driven by IMask (CPF/CNPJ, dates, phones, Pix keys). */
export function MaskedTextInput({
  mask,
  defaultValue,
  onAccept,
  inputRef,
  ...rest
}: MaskedTextInputProps) {
  const { ref } = useIMask<HTMLInputElement, ReactMaskOpts>(mask, {
    defaultValue,
    onAccept: (value, maskRef) => onAccept(String(value), String(maskRef.unmaskedValue)),
  });
  const mergedRef = useMergedRef(ref, inputRef);
  return <TextInput ref={mergedRef} {...rest} />;
}
