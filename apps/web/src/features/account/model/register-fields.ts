export type RegisterValues = {
  username: string;
  password: string;
  payPassword: string;
  inviteCode: string;
  captchaCode: string;
  contact: string;
  contactCode: string;
  agree: string;
};

/** The code call names the contact `target`. */
export const CONTACT_RENAME = { target: 'contact' };
