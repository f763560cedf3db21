import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState, type Ref } from 'react';
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
export function DecimalInput({
  value,
  onChange,
  places,
  inputRef,
  onBlur,
  ...rest
}: DecimalInputProps) {
  // What the field holds as typed ("1234." after the comma), given back while it still means the
  // caller's value ("1234.00"). Never padded while typing: with zeros added at each key ('R$ 12,00'
  // after the '2') the comma only moved the caret past the one already there, and a key typed
  // before the caret had moved landed in the whole part (123456,78 became 12.345.678,00 on a slow
  // phone). The cents are written out when the field is left; any other value (a reset, a value
  // filled in) replaces what was typed.
  const [typed, setTyped] = useState(value);
  const shown = toFixedDecimal(typed, places) === value ? typed : value;
  return (
    <NumberInput
      size="md"
      hideControls
      allowNegative={false}
      decimalSeparator=","
      allowedDecimalSeparators={[',']}
      allowDecimal={places > 0}
      {...rest}
      onBlur={(event) => {
        // What was typed, padded, is the caller's value.
        setTyped(value);
        onBlur?.(event);
      }}
      ref={inputRef}
      decimalScale={places}
      fixedDecimalScale={false}
      valueIsNumericString
      value={shown}
      onValueChange={(values) => {
        setTyped(values.value);
        onChange(toFixedDecimal(values.value, places));
      }}
      inputMode={places > 0 ? 'decimal' : 'numeric'}
    />
  );
}

/** BRL: 'R$ 1.500,00' → "1500.00". */
export function MoneyInput(props: Omit<DecimalInputProps, 'places'>) {
  return <DecimalInput prefix="R$ " thousandSeparator="." places={2} {...props} />;
}
