/** What each kind of upload may be, by the type sniffed from its bytes (never by its name). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const DOCUMENT_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;

export const PURPOSES = {
  /** Any file of the general upload call: private to its sender and the staff who may see them. */
  file: DOCUMENT_TYPES,
  logo: IMAGE_TYPES,
  /** A product, project or market image: public, from staff. */
  image: IMAGE_TYPES,
  /** A lead's verification document: private to the lead and staff. */
  document: DOCUMENT_TYPES,
  /** A project's image (SPEC.md §5: JPG, JPEG, PNG or GIF only): public, from admins. */
  projectImage: ['image/jpeg', 'image/png', 'image/gif'],
  /** A product's file (a certificate, a document): public like its image, from staff. */
  productFile: DOCUMENT_TYPES,
  /** A subscription's drawn signature: a PNG, private to the lead and staff. */
  signature: ['image/png'],
} as const;
export type UploadPurpose = keyof typeof PURPOSES;

/** Files anyone may download (the login page shows the logo): staff upload them, nobody else. Every other file is private. */
export const PUBLIC_PURPOSES: readonly UploadPurpose[] = ['logo', 'image', 'projectImage', 'productFile'];
