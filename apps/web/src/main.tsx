import "@chayong/ui/styles.css";
import "./app/app.css";
import { createHashHistory } from "@tanstack/react-router";
import { createRoot } from "react-dom/client";
import { App, createApp } from "./app/bootstrap";
import { readRuntimeSettings } from "./app/runtime-settings";

const app = createApp({ history: createHashHistory(), settings: readRuntimeSettings() });

const root = document.getElementById("app");
if (root) createRoot(root).render(<App app={app} />);
