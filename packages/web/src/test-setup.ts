import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default: on a loaded 2-core CI machine a first render with
// its query can take longer than that, and the test then fails on timing, not on behaviour. This is
// how long they wait, never what they assert.
configure({ asyncUtilTimeout: 5_000 });
