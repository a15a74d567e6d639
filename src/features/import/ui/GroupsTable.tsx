import type { PlannedGroup } from '../plan/types';

/** Which folders of the file become which groups, and whether each group is made or already there. */
export function GroupsTable({ groups }: { readonly groups: readonly PlannedGroup[] }) {
  if (groups.length === 0) return <p>The file has no folders: the entries go into no group.</p>;
  return (
    <table className="import-table">
      <caption>Folders and the groups they go into</caption>
      <thead>
        <tr>
          <th scope="col">Folder in the file</th>
          <th scope="col">Group</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((group) => (
          <tr key={group.name}>
            <td>{group.folders.length === 0 ? group.name : group.folders.join(', ')}</td>
            <th scope="row">{group.name}</th>
            <td>{group.existingId === null ? 'new' : 'existing'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
