import type { Repositories } from '../../data/repositories';
import type { ActivityLogServices } from '../../features/activity';
import { downloadText, loadCsvWriter } from '../../features/import';

/** What the activity log's dialogs read and write through (issue #24): the log, the teams, the import feature's CSV writer. */
export function activityServicesOf(repositories: Repositories): ActivityLogServices {
  return { log: repositories.auditLog, teams: repositories.teams, csvWriter: loadCsvWriter, download: downloadText };
}
