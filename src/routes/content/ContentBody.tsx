import type { ContentBlock } from './contentBlocks';

function Block({ block }: { block: ContentBlock }) {
  switch (block.kind) {
    case 'heading':
      return <h2>{block.text}</h2>;
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'list':
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'steps':
      return (
        <ol>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      );
    case 'note':
      return <p className="note">{block.text}</p>;
  }
}

export function ContentBody({ blocks }: { blocks: readonly ContentBlock[] }) {
  return (
    <div className="prose">
      {blocks.map((block, index) => (
        // The blocks are static copy: their order never changes.
        <Block key={index} block={block} />
      ))}
    </div>
  );
}
