// The host page with the kit mounted (the host's stylesheet loads after the kit's, so its rules win ties).
import { mountKit } from './kit';
import './host.css';
import { mountHost } from './host';

mountKit(mountHost());
