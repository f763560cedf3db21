/**
 * Colour of an owned token's status badge (docs/product.md §4): 'Em captação' the theme's green
 * (contrast 4.5:1 on its light badge), '100% Vendido' red,
 * 'Concluído' grey; 'Captação não atingida' orange; any other server text neutral.
 */
export function statusColor(status: string): string {
  switch (status.trim().toLocaleLowerCase('pt-BR')) {
    case 'em captação':
      return 'copaiba';
    case '100% vendido':
      return 'red';
    case 'concluído':
      return 'gray';
    case 'captação não atingida':
      return 'orange';
    default:
      return 'blue';
  }
}
