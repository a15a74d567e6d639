import { describe, expect, it } from 'vitest';
import { createDeviceCopyService } from '../../../src/app/deviceCopyService';
import { MemoryStorage } from '../../support/memoryStorage';

function service() {
  const choice = new MemoryStorage();
  const tab = new MemoryStorage();
  return { choice, tab, service: createDeviceCopyService({ choice, tab, clear: () => Promise.resolve(), reload: () => undefined }) };
}

describe('the device copy service', () => {
  it('keeps a copy unless this browser was told not to, in the data layer’s own key', () => {
    const { choice, service: deviceCopy } = service();
    expect(deviceCopy.enabled()).toBe(true);
    choice.setItem('keyloft.deviceCopy', 'garbage');
    expect(deviceCopy.enabled()).toBe(true);
    deviceCopy.setEnabled(false);
    expect(deviceCopy.enabled()).toBe(false);
    deviceCopy.setEnabled(true);
    expect(deviceCopy.enabled()).toBe(true);
    expect(choice.getItem('keyloft.deviceCopy')).toBe('on');
    deviceCopy.setEnabled(false);
    expect(deviceCopy.enabled()).toBe(false);
    expect(choice.getItem('keyloft.deviceCopy')).toBe('off');
    deviceCopy.setEnabled(true);
    expect(deviceCopy.enabled()).toBe(true);
  });

  it('keeps the note a logout leaves in the tab’s storage until it is taken back', () => {
    const { tab, choice, service: deviceCopy } = service();
    expect(deviceCopy.afterLogout.read()).toBeNull();
    deviceCopy.afterLogout.write('offer');
    expect(deviceCopy.afterLogout.read()).toBe('offer');
    deviceCopy.afterLogout.write('removed');
    expect(deviceCopy.afterLogout.read()).toBe('removed');
    expect(choice.items.size).toBe(0);
    deviceCopy.afterLogout.write(null);
    expect(deviceCopy.afterLogout.read()).toBeNull();
    expect(tab.items.size).toBe(0);
  });

  it('reads anything else in the note’s place as no note', () => {
    const { tab, service: deviceCopy } = service();
    for (const raw of ['', 'OFFER', '{"note":"offer"}', 'removed ']) {
      tab.setItem('keyloft.afterLogout', raw);
      expect(deviceCopy.afterLogout.read()).toBeNull();
    }
  });
});
