// A path of this app. Only the route table's href() (lib/router/route-table.ts) and the check of a
// stored redirect make one, so a link or a navigation cannot name a path the table does not have.
declare const hrefBrand: unique symbol;

export type Href = string & { readonly [hrefBrand]: true };
