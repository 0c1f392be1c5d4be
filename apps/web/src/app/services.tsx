import { createContext, type ReactNode, useContext } from "react";
import type { ErrorCatalogue } from "../session/error-catalogue";

/** What the app wires once at start and every screen uses. */
export interface AppServices {
  /** What the app does with a failed call (modals, login, the offline notice). */
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
