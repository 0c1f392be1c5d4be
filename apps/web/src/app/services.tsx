import type { Api } from "@chayong/sdk";
import { createContext, type ReactNode, useContext } from "react";
import type { ErrorCatalogue } from "../session/error-catalogue";

/** What the app wires once at start and every screen uses. */
export interface AppServices {
  api: Api;
  /** The same API for calls the user did not ask for: only an ended session is acted on. */
  backgroundApi: Api;
  catalogue: ErrorCatalogue;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error("useServices needs a ServicesProvider above it");
  return services;
}

/** The typed API; every failure has already met the error catalogue. */
export function useApi(): Api {
  return useServices().api;
}
