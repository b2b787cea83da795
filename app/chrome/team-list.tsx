import type { ImageData } from "#core/images/types.ts";
import { Picture } from "../ui/picture.tsx";

export type TeamCard = { id: string; name: string; role: string; avatar: ImageData };

/** People of the team as the company page and a landing show them: a face, a name, a role. */
export function TeamList({ people }: { people: readonly TeamCard[] }) {
  return (
    <ul className="team" role="list">
      {people.map((m) => (
        <li key={m.id} className="team__member">
          <Picture image={m.avatar} alt="" sizes="160px" className="team__avatar" />
          <p className="team__name">{m.name}</p>
          <p className="team__role">{m.role}</p>
        </li>
      ))}
    </ul>
  );
}
