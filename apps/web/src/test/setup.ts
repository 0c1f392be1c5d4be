import { configure } from "@testing-library/react";

// findBy* and waitFor wait up to 5 s instead of 1 s: on a loaded 2-core CI machine a lazy page
// chunk and its messages can take longer than a second to arrive, and a test should fail on
// what the screen shows, not on how busy the machine is.
configure({ asyncUtilTimeout: 5000 });
