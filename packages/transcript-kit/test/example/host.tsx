// The host page alone: the reference for the host's computed styles.
import './host.css';
import { mountHost } from './host';

mountHost();
