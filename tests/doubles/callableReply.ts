// The fakes' replies held to the callables' reply schemas (@keyloft/contract/callables/*), so a fake
// cannot answer what the deployed function never would. Their requests go through the functions'
// own parsers (functions/src/*/validate.ts), which parse with the same package's request schemas.

/** `value`, once `schema` reads it; otherwise the fake is wrong, and the test fails saying so. */
export function checkedReply<T>(callable: string, schema: { safeParse(value: unknown): { success: boolean } }, value: T): T {
  if (!schema.safeParse(value).success) throw new Error(`The fake ${callable} answered outside its reply schema: ${JSON.stringify(value)}`);
  return value;
}
