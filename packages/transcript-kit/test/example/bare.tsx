// The kit on a page with no styles of its own: the reference for how the kit looks.
import { mountKit } from './kit';

const container = document.createElement('div');
container.id = 'kit';
container.style.width = '720px';
document.body.append(container);
mountKit(container);
