/** Account field limits, shared by the pages' hints and the schemas (account-schema.ts). No zod here. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const USERNAME_MAX = 50;
