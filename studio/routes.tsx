import { type LoaderFunctionArgs, redirect, type RouteObject } from "react-router";
import { api, signedIn } from "./api/client.ts";
import { NotFound, RouteError } from "./pages/errors.tsx";
import { SignIn, signInAction, signInLoader } from "./pages/sign-in.tsx";
import { Layout } from "./shell/layout.tsx";
import { SHELL_ROUTE } from "./shell/session.ts";
import type { SessionInfo } from "#core/studio/api.ts";
import { pages, STUDIO_BASE } from "#core/studio/paths.ts";

/**
 * The studio's map: one line per page (paths from core/studio/paths.ts,
 * relative to /studio). Everything but sign-in lives in the shell, whose
 * loader knows who is signed in. Sign-in, the shell and the error pages are in
 * the first script; every other page is its own chunk, fetched when it is
 * first opened (its `lazy`), so the first screen carries none of them
 * (`npm run bench:studio` measures it). A new page: its path in
 * core/studio/paths.ts, its line here, and if it is a section, its entry in
 * shell/nav.ts.
 */
const child = (path: string) => path.slice(1);

/** Who is signed in; an admin who must set up a second factor sees only the profile until it is on. */
async function shellLoader({ request }: LoaderFunctionArgs): Promise<SessionInfo> {
  const session = await signedIn(request, () => api<SessionInfo>("GET", "/session"));
  if (session.mustSetUpSecondFactor && new URL(request.url).pathname !== STUDIO_BASE + pages.profile) throw redirect(pages.profile);
  return session;
}

/** The history page answers two addresses (a deleted entry's history has no slug of its own). */
const history = () => import("./pages/content-history.tsx").then((m) => ({ Component: m.ContentHistory, loader: m.historyLoader, action: m.historyAction }));

const users = () =>
  Promise.all([import("./pages/users.tsx"), import("./pages/users-action.ts")]).then(([page, data]) => ({ Component: page.Users, loader: data.usersLoader, action: data.usersAction }));
const releases = () =>
  Promise.all([import("./pages/releases/releases.tsx"), import("./pages/releases/actions.ts")]).then(([page, data]) => ({
    Component: page.Releases,
    loader: data.releasesLoader,
    action: data.releasesAction,
  }));
const releaseChanges = () =>
  Promise.all([import("./pages/releases/diff.tsx"), import("./pages/releases/actions.ts")]).then(([page, data]) => ({ Component: page.ReleaseChanges, loader: data.releaseDiffLoader }));

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
          { index: true, lazy: () => import("./pages/home.tsx").then((m) => ({ Component: m.Home, loader: m.homeLoader })) },
          { path: child(pages.profile), lazy: () => import("./pages/profile.tsx").then((m) => ({ Component: m.Profile, loader: m.profileLoader, action: m.profileAction })) },
          { path: child(pages.users), lazy: users },
          { path: child(pages.journal), lazy: () => import("./pages/journal.tsx").then((m) => ({ Component: m.Journal, loader: m.journalLoader })) },
          { path: child(pages.inbox), lazy: () => import("./pages/inbox/list.tsx").then((m) => ({ Component: m.Inbox, loader: m.inboxLoader, action: m.inboxAction })) },
          { path: child(pages.inboxStages), lazy: () => import("./pages/inbox/stages.tsx").then((m) => ({ Component: m.InboxStages, loader: m.stagesLoader, action: m.stagesAction })) },
          {
            path: `${child(pages.inbox)}:id/`,
            lazy: () => import("./pages/inbox/submission.tsx").then((m) => ({ Component: m.InboxSubmission, loader: m.submissionLoader, action: m.submissionAction })),
          },
          {
            path: child(pages.personalData),
            lazy: () => import("./pages/personal-data.tsx").then((m) => ({ Component: m.PersonalData, loader: m.personalDataLoader, action: m.personalDataAction })),
          },
          { path: child(pages.settings), lazy: () => import("./pages/settings.tsx").then((m) => ({ Component: m.Settings, loader: m.settingsLoader, action: m.settingsAction })) },
          { path: child(pages.searchLog), lazy: () => import("./pages/search-log.tsx").then((m) => ({ Component: m.SearchLog, loader: m.searchLogLoader })) },
          { path: child(pages.content), lazy: () => import("./pages/content.tsx").then((m) => ({ Component: m.ContentHome, loader: m.contentLoader })) },
          { path: child(pages.media), lazy: () => import("./pages/media.tsx").then((m) => ({ Component: m.Media, loader: m.mediaLoader })) },
          { path: child(pages.trash), lazy: () => import("./pages/trash.tsx").then((m) => ({ Component: m.Trash, loader: m.trashLoader, action: m.trashAction })) },
          { path: `${child(pages.content)}new/:type/`, lazy: () => import("./pages/content-entry.tsx").then((m) => ({ Component: m.ContentEntry, loader: m.newEntryLoader })) },
          { path: `${child(pages.content)}history/:type/`, lazy: history },
          { path: `${child(pages.content)}history/:type/:slug/`, lazy: history },
          {
            path: `${child(pages.content)}landings/:slug/results/`,
            lazy: () => import("./pages/landing-results.tsx").then((m) => ({ Component: m.LandingResults, loader: m.landingResultsLoader })),
          },
          { path: `${child(pages.content)}:type/`, lazy: () => import("./pages/content-type.tsx").then((m) => ({ Component: m.TypePage, loader: m.typeLoader })) },
          { path: `${child(pages.content)}:type/:slug/`, lazy: () => import("./pages/content-entry.tsx").then((m) => ({ Component: m.ContentEntry, loader: m.entryLoader })) },
          { path: child(pages.releases), lazy: releases },
          { path: `${child(pages.releases)}:id/`, lazy: releaseChanges },
          { path: "*", element: <NotFound /> },
        ],
      },
    ],
  },
];
