/**
 * The folder tree as GET /api/folders/tree answers it: folders before transcripts, folders by name,
 * transcripts by newest createdAt. The kit fetches nothing; embedders pass this shape in.
 */
export type TranscriptStatus = 'processing' | 'completed' | 'error';

export interface FolderNode {
  id: number;
  type: 'folder';
  name: string;
  children: TreeNode[];
}

export interface TranscriptNode {
  id: number;
  type: 'transcript';
  name: string;
  /** ISO 8601 timestamp. */
  createdAt: string;
  status?: TranscriptStatus;
  /** The audio's length in seconds, shown next to the date; null or absent while unknown. */
  duration?: number | null;
}

export type TreeNode = FolderNode | TranscriptNode;
export type TreeNodeType = TreeNode['type'];

/**
 * A node's key in the tree (and in react-aria's collection): folder and transcript ids are separate
 * sequences, so the type is part of the key.
 */
export type TreeKey = `folder:${number}` | `transcript:${number}`;
