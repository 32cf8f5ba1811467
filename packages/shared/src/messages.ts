/**
 * SPEC §8's error catalogue, word for word. The SPA's notify helper shows these; the server reuses a few
 * texts in its replies so that a client without the SPA reads the same words.
 */
export const MESSAGES = {
  generic: {
    title: 'Opsss!, Something went wrong!',
    description: 'An error occurred while loading some resources. Reload the page or try again later',
  },
  rateLimited: {
    title: 'Request already sent!',
    description: 'You have already submitted another request a short time ago',
  },
  invalidForm: { title: 'Cannot send request!', description: 'Check that all fields are entered correctly' },
  loading: { title: 'Loading Request' },
  success: { title: 'Request success sent!' },
  paymentCreateFailed: { title: 'An error occurred while creating the payment, please try again' },
  paymentCaptureFailed: { title: 'An error occurred while processing the payment, please try again' },
  orderNotFound: {
    title: 'Opsss!, No orders found!',
    description: 'Check that the order number is correct and try again...',
  },
  imageUploaded: { title: 'Image uploaded successfully!' },
  imageOnly: { title: 'You can only upload Images files!' },
  imageUploadFailed: { title: 'Error uploading image!' },
  loginFailed: { title: 'Invalid Email or Password' },
  loginRateLimited: {
    title: 'Too many login attempts!',
    description:
      'Multiple failed login attempts were detected, access has been temporarily disabled, please try again in a few minutes.',
  },
  passwordRules: { title: 'Passwords do not match requirements' },
  confirm: {
    title: 'Warning',
    content: 'Continuing with this operation will delete the selected item. This operation is irreversible',
    question: 'Are you sure you want to continue?',
    cancel: 'Cancel',
  },
  uploading: { title: 'Uploading images...' },
  downloading: { title: 'Downloading image...' },
  downloaded: { title: 'Image downloaded successfully' },
  // Wording below is ours: SPEC §8 leaves these texts open.
  resendRateLimited: {
    title: 'Too many requests!',
    description: 'The confirmation was sent a moment ago. Please wait a minute before asking again.',
  },
  contactTermsRequired: {
    title: 'Please accept the terms',
    description: 'Tick the terms and conditions box before sending your message.',
  },
  notFound: { title: 'Not found' },
  paymentCountryRefused: {
    title: 'We cannot ship to this country',
    description: 'The shipping address is outside the countries we deliver to.',
  },
} as const;

/** Toasts last 3 seconds for success and 5 for errors (SPEC §8, §9). */
export const TOAST_SECONDS = { success: 3, info: 3, warning: 5, error: 5 } as const;

/**
 * Issue 25 §1.12: the sign-in lock says how long it lasts (the server's LOGIN_RATE_LIMIT_WINDOW_MINUTES)
 * instead of SPEC §8's "a few minutes", which stays the text when the length is not known.
 */
export function loginLockedText(minutes: number): { title: string; description: string } {
  const span = `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return {
    title: MESSAGES.loginRateLimited.title,
    description: MESSAGES.loginRateLimited.description.replace('in a few minutes', `in ${span}`),
  };
}
