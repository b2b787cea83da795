import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { STUDIO_BASE } from "./shared/paths.ts";
import { routes } from "./routes.tsx";
import "./styles/studio.css";

const router = createBrowserRouter(routes, { basename: STUDIO_BASE });

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
