import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/** Paths exactly as the spec's route table (part 2 §2). */
export default [
  // Authentication pages: full width, no header; signed-in users go to /.
  layout("routes/auth/layout.tsx", [route("auth/login", "routes/auth/login.tsx")]),
  route("auth/logout", "routes/auth/logout.tsx"),

  // Everything else needs a signed-in tenant.
  layout("routes/protected.tsx", [index("routes/dashboard.tsx")]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
