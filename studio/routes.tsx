import type { LoaderFunctionArgs, RouteObject } from "react-router";
import { api, signedIn } from "./api/client.ts";
import { Home, homeLoader } from "./pages/home.tsx";
import { Inbox, inboxAction, inboxLoader } from "./pages/inbox/list.tsx";
import { InboxStages, stagesAction, stagesLoader } from "./pages/inbox/stages.tsx";
import { InboxSubmission, submissionAction, submissionLoader } from "./pages/inbox/submission.tsx";
import { PersonalData, personalDataAction, personalDataLoader } from "./pages/personal-data.tsx";
import { Journal, journalLoader } from "./pages/journal.tsx";
import { NotFound, RouteError } from "./pages/errors.tsx";
import { ContentHome, contentLoader } from "./pages/content.tsx";
import { ContentEntry, entryLoader, newEntryLoader } from "./pages/content-entry.tsx";
import { ContentHistory, historyAction, historyLoader } from "./pages/content-history.tsx";
import { TypePage, typeLoader } from "./pages/content-type.tsx";
import { Profile, profileAction, profileLoader } from "./pages/profile.tsx";
import { Trash, trashAction, trashLoader } from "./pages/trash.tsx";
import { releaseDiffLoader, releasesAction, releasesLoader } from "./pages/releases/actions.ts";
import { ReleaseChanges } from "./pages/releases/diff.tsx";
import { Releases } from "./pages/releases/releases.tsx";
import { SignIn, signInAction, signInLoader } from "./pages/sign-in.tsx";
import { usersAction, usersLoader } from "./pages/users-action.ts";
import { Users } from "./pages/users.tsx";
import { Layout } from "./shell/layout.tsx";
import { SHELL_ROUTE } from "./shell/session.ts";
import type { SessionInfo } from "#core/studio/api.ts";
import { pages } from "#core/studio/paths.ts";

/**
 * The studio's map: one line per page (paths from shared/paths.ts, relative to
 * /studio). Everything but sign-in lives in the shell, whose loader knows who
 * is signed in. A new page: its path in shared/paths.ts, its line here, and if
 * it is a section, its entry in shell/nav.ts.
 */
const child = (path: string) => path.slice(1);

function shellLoader({ request }: LoaderFunctionArgs): Promise<SessionInfo> {
  return signedIn(request, () => api<SessionInfo>("GET", "/session"));
}

/** Shown while the first page's data loads (a moment, once). */
function Loading() {
  return (
    <p className="s-loading" role="status">
      Загрузка…
    </p>
  );
}

export const routes: RouteObject[] = [
  { path: pages.signIn, element: <SignIn />, loader: signInLoader, action: signInAction, hydrateFallbackElement: <Loading /> },
  {
    id: SHELL_ROUTE,
    path: pages.home,
    element: <Layout />,
    loader: shellLoader,
    hydrateFallbackElement: <Loading />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Home />, loader: homeLoader },
          { path: child(pages.profile), element: <Profile />, loader: profileLoader, action: profileAction },
          { path: child(pages.users), element: <Users />, loader: usersLoader, action: usersAction },
          { path: child(pages.journal), element: <Journal />, loader: journalLoader },
          { path: child(pages.inbox), element: <Inbox />, loader: inboxLoader, action: inboxAction },
          { path: child(pages.inboxStages), element: <InboxStages />, loader: stagesLoader, action: stagesAction },
          { path: `${child(pages.inbox)}:id/`, element: <InboxSubmission />, loader: submissionLoader, action: submissionAction },
          { path: child(pages.personalData), element: <PersonalData />, loader: personalDataLoader, action: personalDataAction },
          { path: child(pages.content), element: <ContentHome />, loader: contentLoader },
          { path: child(pages.trash), element: <Trash />, loader: trashLoader, action: trashAction },
          { path: `${child(pages.content)}new/:type/`, element: <ContentEntry />, loader: newEntryLoader },
          { path: `${child(pages.content)}history/:type/`, element: <ContentHistory />, loader: historyLoader, action: historyAction },
          { path: `${child(pages.content)}history/:type/:slug/`, element: <ContentHistory />, loader: historyLoader, action: historyAction },
          { path: `${child(pages.content)}:type/`, element: <TypePage />, loader: typeLoader },
          { path: `${child(pages.content)}:type/:slug/`, element: <ContentEntry />, loader: entryLoader },
          { path: child(pages.releases), element: <Releases />, loader: releasesLoader, action: releasesAction },
          { path: `${child(pages.releases)}:id/`, element: <ReleaseChanges />, loader: releaseDiffLoader },
          { path: "*", element: <NotFound /> },
        ],
      },
    ],
  },
];
