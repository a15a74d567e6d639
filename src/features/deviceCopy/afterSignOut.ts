import { clearFailureText, DEVICE_COPY_TEXTS, type DeviceCopyService } from './model';

// What becomes of the device copy when this tab signs out. A logout, or the sign-out a changed
// email asks for, leaves it (the same person signs in again, and it opens the vault offline); the
// signed-out screen offers to remove it. A deleted account's copy goes at once: it holds the vault
// the user just asked to delete, and the master password would still open it here.

/** Before a sign-out this tab makes: the signed-out screen then offers removal, once. */
export function offerRemovalAfterSignOut(service: DeviceCopyService): void {
  if (service.enabled()) service.afterLogout.write('offer');
}

/**
 * After the account was deleted: `leave` goes to the signed-out screen, and the copy is removed
 * (the page loads again, saying so). Where it cannot be (another tab has it open), the signed-out
 * screen's offer stays, for once that tab is closed.
 */
export async function removeAfterDeletion(service: DeviceCopyService, leave: () => void): Promise<void> {
  offerRemovalAfterSignOut(service);
  leave();
  if (!service.enabled()) return;
  try {
    await service.clear();
  } catch (error) {
    if (clearFailureText(error) !== DEVICE_COPY_TEXTS.otherTabs) console.error('The device copy could not be cleared', error);
    return;
  }
  service.afterLogout.write('removed');
  service.reloadPage();
}
