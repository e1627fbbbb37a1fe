// What each door's test page offers test/apps/shipped-doors.test.ts (window.door): mount the editor the way
// that door is documented, and answer the element once `studio-ready` fired.
export interface DoorOptions {
  api: string;
  user: string;
  project: string;
  tokenUrl: string;
  refreshUrl: string;
}

export interface Door {
  mount(options: DoorOptions): Promise<HTMLElement>;
}

declare global {
  interface Window {
    door?: Door;
  }
}
