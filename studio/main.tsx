// First: before any module makes a zod schema (see the module).
import "./lib/zod-jitless.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { STUDIO_BASE } from "#core/studio/paths.ts";
import { routes } from "./routes.tsx";
import "./styles/studio.css";

// With the slash: the studio's home is /studio/, like every address of the site (React Router
// would write the home as /studio without it).
const router = createBrowserRouter(routes, { basename: `${STUDIO_BASE}/` });

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
