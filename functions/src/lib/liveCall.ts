import { onCall, type CallableFunction, type CallableOptions, type CallableRequest } from 'firebase-functions/v2/https';
import { adminFirestore } from './admin';
import { refuseDeletedCaller } from './callable';
import { isDeletedAccount } from './deletedAccounts';

// onCall for every callable a signed-in user reaches, except deleteAccount itself (which must be
// able to finish an interrupted deletion): a tombstoned uid is refused before the handler runs.
// A caller without a token reaches the handler, whose requireCaller refuses them.

export async function refuseIfDeleted(request: Pick<CallableRequest, 'auth'>): Promise<void> {
  const uid = request.auth?.uid;
  if (uid !== undefined) refuseDeletedCaller(await isDeletedAccount(adminFirestore(), uid));
}

type Handler<Return> = (request: CallableRequest) => Return | Promise<Return>;

/** onCall's two forms, with the tombstone check first. */
export function onLiveCall<Return>(handler: Handler<Return>): CallableFunction<unknown, Promise<Return>>;
export function onLiveCall<Return>(options: CallableOptions, handler: Handler<Return>): CallableFunction<unknown, Promise<Return>>;
export function onLiveCall<Return>(
  first: CallableOptions | Handler<Return>,
  second?: Handler<Return>,
): CallableFunction<unknown, Promise<Return>> {
  const [options, handler] = typeof first === 'function' ? [{}, first] : [first, second];
  if (handler === undefined) throw new Error('onLiveCall needs a handler');
  return onCall(options, async (request: CallableRequest) => {
    await refuseIfDeleted(request);
    return handler(request);
  });
}
