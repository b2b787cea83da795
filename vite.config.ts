import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { uiTypography } from "./scripts/ui-typography.ts";

export default defineConfig({
  plugins: [uiTypography(), reactRouter()],
  build: { assetsInlineLimit: 0 },
});
