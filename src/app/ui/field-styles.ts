import { css } from '../../../styled-system/css';

/** The look of a labelled field, shared by Field (Ark) and TextField (native). */
export const fieldStyle = css({ display: 'flex', flexDir: 'column', gap: '1.5' });
export const labelStyle = css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg' });
export const errorStyle = css({ fontSize: 'xs', color: 'error', fontWeight: 'medium' });
export const helperStyle = css({ fontSize: 'xs', color: 'fg.muted' });
export const requiredStyle = css({ color: 'error', ms: '0.5' });
