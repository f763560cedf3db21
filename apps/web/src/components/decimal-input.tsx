import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { toFixedDecimal } from '@/lib/money-input';

interface DecimalInputProps extends Omit<
  NumberInputProps,
  'value' | 'defaultValue' | 'onChange' | 'onValueChange' | 'decimalScale'
> {
  /** The API's decimal string ("1500.00", "12.50", "1000"), or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  /** Decimal places: 2 for money and rates, 0 for counts. */
  places: number;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A pt-BR number field ('R$ 1.500,00', '12,50 %', '1.000') holding the API's decimal string. The
 * value comes from the input's numeric string, never from a float.
 */
export function DecimalInput({ value, onChange, places, inputRef, ...rest }: DecimalInputProps) {
  return (
    <NumberInput
      size="md"
      hideControls
      allowNegative={false}
      decimalSeparator=","
      allowedDecimalSeparators={[',']}
      fixedDecimalScale={places > 0}
      allowDecimal={places > 0}
      {...rest}
      ref={inputRef}
      decimalScale={places}
      valueIsNumericString
      value={value}
      onValueChange={(values) => onChange(toFixedDecimal(values.value, places))}
      inputMode={places > 0 ? 'decimal' : 'numeric'}
    />
  );
}

/** BRL: 'R$ 1.500,00' → "1500.00". */
export function MoneyInput(props: Omit<DecimalInputProps, 'places'>) {
  return <DecimalInput prefix="R$ " thousandSeparator="." places={2} {...props} />;
}
