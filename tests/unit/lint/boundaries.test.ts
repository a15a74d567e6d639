// The layer rules of ENGINEERING.md §1 are enforced by eslint.config.js; this proves each rule
// fires on a violation and stays quiet on the allowed direction.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Type-aware rules need files on disk; the boundary rules do not, so they are switched off here.
const eslint = new ESLint({ overrideConfig: [tseslint.configs.disableTypeChecked] });

async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

describe('layer boundaries', () => {
  // The first lint loads the config, its plugins and the parser: seconds on a loaded machine,
  // which belong to no single case's time limit.
  beforeAll(async () => {
    await messages('src/ui/probe.ts', 'export const x = 1;');
  }, 60_000);

  it.each([
    ['src/crypto/probe.ts', "import { appConfig } from '../data/appConfig';\nexport const x = appConfig;"],
    ['src/crypto/probe.ts', "import { useState } from 'react';\nexport const x = useState;"],
    ['src/features/public/probe.ts', "import { initializeApp } from 'firebase/app';\nexport const x = initializeApp;"],
    ['src/session/probe.ts', "import { getAuth } from 'firebase/auth';\nexport const x = getAuth;"],
    ['src/features/public/probe.ts', "import AuthModal from '../auth/AuthModal';\nexport const x = AuthModal;"],
    ['src/features/billing/probe.ts', "import { App } from '../../app/App';\nexport const x = App;"],
    ['src/data/probe.ts', "import { useSession } from '../session/SessionContext';\nexport const x = useSession;"],
    ['src/ui/probe.ts', "import { appConfig } from '../data/appConfig';\nexport const x = appConfig;"],
    ['src/app/probe.ts', "import { memoryRepositories } from '../../tests/doubles/memoryRepositories';\nexport const x = memoryRepositories;"],
    ['src/data/probe.ts', "import { memoryRepositories } from '../../tests/doubles/memoryRepositories';\nexport const x = memoryRepositories;"],
    ['src/features/vault/probe.ts', "import { memoryRepositories } from '../../../tests/doubles/memoryRepositories';\nexport const x = memoryRepositories;"],
    ['src/crypto/probe.ts', "import { FIELD_LIMITS } from '@keyloft/contract/fieldLimits';\nexport const x = FIELD_LIMITS;"],
    ['src/app/probe.ts', "import { planOf } from '../features/billing/plan';\nexport const x = planOf;"],
    ['src/app/dashboard/probe.ts', "import { TeamPasswordsView } from '../../features/vault/TeamPasswordsView';\nexport const x = TeamPasswordsView;"],
    ['src/domain/probe.ts', "import { appConfig } from '../data/appConfig';\nexport const x = appConfig;"],
    ['src/domain/callables/probe.ts', "import { Button } from '../../ui/Button';\nexport const x = Button;"],
    ['src/domain/probe.ts', "import { useState } from 'react';\nexport const x = useState;"],
    ['src/domain/probe.ts', "import { getFirestore } from 'firebase-admin/firestore';\nexport const x = getFirestore;"],
  ])('%s may not import that: %s', async (file, code) => {
    const found = await messages(file, code);
    expect(found.some((m) => m.startsWith('no-restricted-imports'))).toBe(true);
  });

  // Each fires with its own message, so a case cannot pass on another rule's report.
  it.each([
    [
      'src/features/teams/probe.ts',
      "import { createFirestoreInvitationRepository } from '../../data/firestore/firestoreInvitationRepository';\nexport const x = createFirestoreInvitationRepository;",
      'never a concrete Firestore repository',
    ],
    [
      'src/features/vault/section/probe.ts',
      "import { readStored } from '../../../data/firestore/fieldChecks';\nexport const x = readStored;",
      'never a concrete Firestore repository',
    ],
    [
      'functions/src/teams/probe.ts',
      "import { getFirestore } from 'firebase/firestore';\nexport const x = getFirestore;",
      'never a Firebase client SDK',
    ],
    [
      'functions/src/probe.ts',
      "import { initializeApp } from 'firebase/app';\nexport const x = initializeApp;",
      'never a Firebase client SDK',
    ],
    [
      'functions/src/teams/probe.ts',
      "import { createFirestoreTeamRepository } from '../../../src/data/firestore/firestoreTeamRepositories';\nexport const x = createFirestoreTeamRepository;",
      "Firestore repositories stay in the app",
    ],
    // Issue #21: one icon convention, so the library is imported in one place only.
    ...['src/features/vault/list/probe.tsx', 'src/app/dashboard/probe.tsx', 'src/ui/probe.tsx', 'src/session/probe.tsx'].map((file) => [
      file,
      "import { Copy } from 'lucide-react';\nexport const x = Copy;",
      'Icons come from src/ui/icons',
    ]),
  ])('%s may not import that: %s', async (file, code, message) => {
    const found = await messages(file, code);
    expect(found.filter((m) => m.startsWith('no-restricted-imports') && m.includes(message))).toHaveLength(1);
  });

  it.each([
    ['src/features/teams/probe.ts', "import { FIELD_LIMITS } from '../../domain/fieldLimits';\nexport const x = FIELD_LIMITS;"],
    ['src/data/probe.ts', "export { FIELD_LIMITS } from '../domain/fieldLimits';"],
    ['functions/src/teams/probe.ts', "import { FIELD_LIMITS } from '../../../src/domain/fieldLimits';\nexport const x = FIELD_LIMITS;"],
  ])('%s imports the contract by name, not by path: %s', async (file, code) => {
    expect((await messages(file, code)).some((m) => m.includes('Import the contract by name'))).toBe(true);
  });

  it('the contract imports its own modules by path', async () => {
    expect(await messages('src/domain/callables/probe.ts', "import { FIELD_LIMITS } from '../fieldLimits';\nexport const x = FIELD_LIMITS;")).toEqual([]);
  });

  it('crypto.subtle is used only inside src/crypto', async () => {
    const code = 'export const digest = globalThis.crypto.subtle.digest;';
    expect((await messages('src/features/public/probe.ts', code)).some((m) => m.includes('crypto.subtle'))).toBe(true);
    expect(await messages('src/crypto/probe.ts', code)).toEqual([]);
  });

  it.each([
    ['src/data/probe.ts', "import { initializeApp } from 'firebase/app';\nexport const x = initializeApp;"],
    ['src/features/public/probe.ts', "import { Button } from '../../ui/Button';\nexport const x = Button;"],
    ['src/features/public/probe.ts', "import { PBKDF2_ITERATIONS } from '../../crypto/parameters';\nexport const x = PBKDF2_ITERATIONS;"],
    ['src/app/probe.ts', "import { signOutQuietly } from '../features/auth';\nexport const x = signOutQuietly;"],
    // A lazy screen is a code-split seam: loaded by its module path.
    ['src/app/probe.ts', "export const AuthModal = () => import('../features/auth/AuthModal');"],
    ['src/features/teams/probe.ts', "import { FIELD_LIMITS } from '@keyloft/contract/fieldLimits';\nexport const x = FIELD_LIMITS;"],
    ['src/app/dashboard/probe.ts', "import { TeamPasswordsView } from '../../features/vault';\nexport const x = TeamPasswordsView;"],
    ['functions/src/teams/probe.ts', "import { FIELD_LIMITS } from '@keyloft/contract/fieldLimits';\nexport const x = FIELD_LIMITS;"],
    ['src/domain/probe.ts', "import { z } from 'zod/mini';\nexport const x = z;"],
    ['src/app/probe.ts', "import { createFirestoreInvitationRepository } from '../data/firestore/firestoreInvitationRepository';\nexport const x = createFirestoreInvitationRepository;"],
    ['src/features/teams/probe.ts', "import type { InvitationRepository } from '../../data/invitations/storedInvitations';\nexport type X = InvitationRepository;"],
    ['src/features/teams/probe.ts', "import { MalformedRecordError } from '../../data/malformedRecord';\nexport const x = MalformedRecordError;"],
    ['functions/src/teams/probe.ts', "import { FieldValue } from 'firebase-admin/firestore';\nexport const x = FieldValue;"],
    ['functions/src/teams/probe.ts', "import { HttpsError } from 'firebase-functions/v2/https';\nexport const x = HttpsError;"],
    ['functions/src/teams/probe.ts', "import type { StoredTeam } from '../../../src/data/teams/storedTeams';\nexport type X = StoredTeam;"],
    ['src/ui/icons.tsx', "import { Copy } from 'lucide-react';\nexport const x = Copy;"],
    ['src/features/vault/list/probe.tsx', "import { CopyIcon } from '../../../ui/icons';\nexport const x = CopyIcon;"],
  ])('%s may import that: %s', async (file, code) => {
    expect(await messages(file, code)).toEqual([]);
  });
});
