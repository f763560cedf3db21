import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { brDateToIso, isRealIsoDate } from '@copaiba/contracts';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { FormEvent, Ref } from 'react';

interface DateFieldProps extends Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'locale' | 'dateParser'
> {
  /**
   * 'YYYY-MM-DD' for a date, '' when empty, or the typed text when it is not a date, so that the
   * form's schema can say 'Data inválida' instead of silently dropping it.
   */
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

const parse = (text: string) => brDateToIso(text);

/** A calendar date typed or picked as dd/MM/yyyy, held and sent as YYYY-MM-DD (docs/product.md §5). */
export function DateField({ value, onChange, inputRef, ...rest }: DateFieldProps) {
  const onInput = (event: FormEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value.trim();
    if (text === '') onChange('');
    else if (!parse(text)) onChange(text);
  };
  return (
    <DateInput
      size="md"
      {...rest}
      ref={inputRef}
      value={isRealIsoDate(value) ? value : null}
      onChange={(date) => onChange(date ?? '')}
      onInput={onInput}
      dateParser={(text) => parse(text)}
      valueFormat="DD/MM/YYYY"
      locale="pt-br"
      placeholder="DD/MM/AAAA"
      fixOnBlur={false}
      leftSection={<IconCalendar size={18} stroke={1.6} />}
      popoverProps={{ withinPortal: true }}
    />
  );
}
