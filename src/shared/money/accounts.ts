/** The accounts of the double-entry ledger (DESIGN.md §6): five per lead, six for the house. */
export const LEAD_ACCOUNT_KINDS = ['available', 'withdrawal_hold', 'invested', 'margin', 'vault'] as const;
export type LeadAccountKind = (typeof LEAD_ACCOUNT_KINDS)[number];

/** House accounts may go negative (money the company owes or is owed); a lead's never. */
export const HOUSE_ACCOUNT_KINDS = ['card_clearing', 'bank', 'trading', 'dividends', 'sales', 'adjustments'] as const;
export type HouseAccountKind = (typeof HOUSE_ACCOUNT_KINDS)[number];

export type AccountKind = LeadAccountKind | HouseAccountKind;

/** Capital = every lead account but nothing else (DESIGN.md §6). */
export const CAPITAL_KINDS: readonly LeadAccountKind[] = LEAD_ACCOUNT_KINDS;
