-- Reserved: filled in by the change that adds this part.
SELECT 1;
