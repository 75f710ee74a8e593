/**
 * Demo form definitions (spec §3 "Form"). Field ids are stable so the seed is
 * deterministic. The forms service reads this shape; `notificationEmail` is stored in its own
 * column so it never reaches the browser with the definition.
 */
export const demoForms = [
  {
    key: 'contact',
    name: 'Contact',
    definition: {
      fields: [
        { id: 'name-1', type: 'name', title: 'Name', required: true, description: '' },
        {
          id: 'email-1',
          type: 'email',
          title: 'Email',
          required: true,
          description: '',
          placeholder: 'you@example.com',
        },
        {
          id: 'topic-1',
          type: 'select',
          title: 'Topic',
          required: false,
          options: ['An order', 'Wholesale', 'Something else'],
        },
        {
          id: 'message-1',
          type: 'textarea',
          title: 'Message',
          required: true,
          maxLength: 2000,
          placeholder: 'How can we help?',
        },
      ],
      parsedSubmissionMessage: '<p>Thank you! We will reply within two working days.</p>',
      submissionHTML: '',
      successRedirect: '',
      parsedDisclaimerMessage: '',
      captchaEnabled: true,
      captchaTheme: 1,
      captchaAlignment: 1,
    },
    notificationEmail: 'studio@juniper-oak.test',
  },
  {
    key: 'newsletter',
    name: 'Newsletter',
    definition: {
      fields: [
        {
          id: 'email-nl',
          type: 'email',
          title: 'Email address',
          required: true,
          placeholder: 'Email address',
        },
      ],
      parsedSubmissionMessage: '<p>Thanks for subscribing.</p>',
      submissionHTML: '',
      successRedirect: '',
      parsedDisclaimerMessage: '<p>We respect your privacy.</p>',
      captchaEnabled: false,
    },
    notificationEmail: 'studio@juniper-oak.test',
  },
  {
    key: 'engraving',
    name: 'Engraving',
    definition: {
      fields: [
        {
          id: 'engraving-text',
          type: 'text',
          title: 'Name to engrave',
          required: true,
          description: 'Up to 12 letters',
        },
        {
          id: 'engraving-font',
          type: 'radio',
          title: 'Lettering',
          required: true,
          options: ['Serif', 'Script'],
        },
      ],
      parsedSubmissionMessage: '',
      submissionHTML: '',
      successRedirect: '',
      captchaEnabled: false,
    },
  },
];
