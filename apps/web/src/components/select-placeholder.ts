/**
 * The first option of a short fixed list before anything is chosen (docs/CODE_STYLE.md: such a
 * list is a `NativeSelect`): a real option, disabled, so it cannot be chosen back.
 */
export const SELECT_PLACEHOLDER = { value: '', label: 'Selecione', disabled: true };
