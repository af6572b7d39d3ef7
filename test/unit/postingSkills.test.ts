import { describe, expect, it } from 'vitest';
import { AREA_SKILLS } from '../../server/skills/skillAreas';
import { SKILLS } from '../../server/skills/skillData';
import { postingSkillsOf } from '../../server/skills/postingSkills';
import { findSkills } from '../../server/skills/skillVocabulary';

const parts = (more: Partial<Parameters<typeof postingSkillsOf>[0]>) => ({
  title: 'Engineer',
  asks: '',
  duties: '',
  nice: '',
  niceDuties: '',
  ...more,
});

describe('postingSkillsOf', () => {
  it('reads tools from the duties but fields of work only from what the posting asks', () => {
    const skills = postingSkillsOf(
      parts({
        asks: '- 3+ years of machine learning experience',
        duties: '- Build data pipelines in Python and own our partnerships',
      }),
    );
    expect(skills.skills).toEqual(['Machine Learning', 'Python']);
  });

  it('reads a field from a title only as a tool: "DevOps Engineer" asks no DevOps', () => {
    expect(postingSkillsOf(parts({ title: 'Senior DevOps Engineer' })).skills).toEqual([]);
    expect(postingSkillsOf(parts({ title: 'Android Engineer' })).skills).toEqual(['Android']);
  });

  it('takes the subjects of a degree as fields of study, not skills', () => {
    const skills = postingSkillsOf(
      parts({ asks: "- A bachelor's degree in Statistics or Physics.\n- Strong SQL" }),
    );
    expect(skills.skills).toEqual(['SQL']);
  });

  it('reads a preferred degree, or a major, as fields of study too', () => {
    const skills = postingSkillsOf(
      parts({
        asks: '- Major in Computer Science, Data Science or Statistics\n- Strong SQL',
        nice: "- Master's degree in Accounting or Finance preferred\n- Looker is a plus",
      }),
    );
    expect(skills.skills).toEqual(['SQL', 'Looker']);
    expect(skills.niceSkills).toEqual(['Looker']);
  });

  it('reads an interest voiced, not a skill asked, in "strong interest in" sentences', () => {
    const asks = [
      '- Strong interest in AI, data and blockchain',
      '- Stay up to date with the latest frontend technologies',
      '- Interest in Kafka, and experience with Go',
      '- Python',
    ].join('\n');
    expect(postingSkillsOf(parts({ asks })).skills).toEqual(['Apache Kafka', 'Go', 'Python']);
  });

  it('keeps nice-to-haves apart, after the required skills, and never both', () => {
    const skills = postingSkillsOf(
      parts({
        asks: '- Go and Kafka',
        nice: '- Kafka, Rust',
        niceDuties: '- We run on Kubernetes and microservices',
      }),
    );
    expect(skills.skills).toEqual(['Go', 'Apache Kafka', 'Rust', 'Kubernetes']);
    expect(skills.niceSkills).toEqual(['Rust', 'Kubernetes']);
  });

  it('reads the subjects of a degree apart from the expertise the same sentence asks', () => {
    const skills = postingSkillsOf(
      parts({ asks: '- A PhD in Statistics or a related field, with expertise in deep learning' }),
    );
    expect(skills.skills).toEqual(['Deep Learning']);
  });

  it('reads a field named by its examples as those examples, the rest of its list kept', () => {
    const skills = postingSkillsOf(
      parts({
        asks: '- Docker, CI/CD and cloud platforms (AWS, GCP)\n- A data warehouse such as Snowflake',
        nice: '- Deep learning frameworks, e.g. PyTorch',
      }),
    );
    expect(skills.skills).toEqual([
      'Docker',
      'CI/CD',
      'AWS',
      'Google Cloud',
      'Snowflake',
      'PyTorch',
    ]);
  });

  it('reads a skill restated in brackets as no examples: "sales forecasting in Salesforce (SFDC)"', () => {
    const asks = (text: string) => postingSkillsOf(parts({ asks: text })).skills;
    expect(asks('- Accurate sales forecasting using Salesforce (SFDC)')).toEqual([
      'Sales Forecasting',
      'Salesforce',
    ]);
    expect(asks('- Data analysis in Microsoft Excel (Excel)')).toEqual(['Data Analysis', 'Excel']);
    expect(asks('- Machine learning in Python (PyTorch)')).toEqual(['Python', 'PyTorch']);
  });

  it('reads a field named after its example as that example: "AWS or other cloud services"', () => {
    const asks =
      '- Experience with AWS or other public cloud services\n- Python, or other scripting languages';
    expect(postingSkillsOf(parts({ asks })).skills).toEqual(['AWS', 'Python']);
  });

  it('reads a kind of product named by its examples as those examples: "a CRM like Salesforce"', () => {
    const asks = (text: string) => postingSkillsOf(parts({ asks: text })).skills;
    expect(asks('- Proficient in CRM systems (like Salesforce)')).toEqual(['Salesforce']);
    expect(asks('- Experience with ERP systems such as NetSuite')).toEqual(['NetSuite']);
    expect(asks('- Keep your CRM up to date')).toEqual(['CRM']);
  });

  it('reads the field that tools are for as their purpose: "Pandas for data analysis"', () => {
    const asks = (text: string) => postingSkillsOf(parts({ asks: text })).skills;
    expect(asks('- Hands-on with NumPy and Pandas for data analysis')).toEqual(['NumPy', 'Pandas']);
    expect(asks('- Python or TypeScript for backend orchestration')).toEqual([
      'Python',
      'TypeScript',
    ]);
    expect(asks('- Experience in data analysis for marketing teams')).toEqual(['Data Analysis']);
  });

  it('reads products named as the companies a seller works with as partners, not skills', () => {
    const duties = [
      '- Collaborate with major cloud providers (AWS, Azure, GCP) to co-sell',
      '- Plan territories with systems integrators and cloud partners (AWS, GCP)',
      '- Secure commitments across AWS, Azure, and GCP marketplaces',
    ].join('\n');
    expect(postingSkillsOf(parts({ duties })).skills).toEqual([]);
    const asks = (text: string) => postingSkillsOf(parts({ asks: text })).skills;
    expect(asks('- Experience with cloud providers such as AWS')).toEqual(['AWS']);
    expect(asks('- Integrate payment providers such as Adyen on AWS')).toEqual(['Adyen', 'AWS']);
  });

  it("reads a sentence about the company's own offering as naming what it sells", () => {
    const asks = "- Map Acme's Search, Observability and SIEM solutions to outcomes\n- Strong SQL";
    expect(postingSkillsOf(parts({ asks, company: 'Acme Corp' })).skills).toEqual(['SQL']);
    expect(postingSkillsOf(parts({ asks })).skills).toEqual(['Observability', 'SIEM', 'SQL']);
  });

  it("reads the company's name before a capitalised word as one of its products, not a skill", () => {
    const duties = "- Tell the Elastic Search AI story to new accounts\n- Run Elastic's own Kafka";
    expect(postingSkillsOf(parts({ duties, company: 'Elastic' })).skills).toEqual([]);
    const asks = '- Experience with Elasticsearch and Elastic Search clusters';
    expect(postingSkillsOf(parts({ asks, company: 'Acme' })).skills).toEqual(['Elasticsearch']);
    expect(postingSkillsOf(parts({ duties, company: 'Acme' })).skills).toEqual([
      'Elasticsearch',
      'Apache Kafka',
    ]);
  });

  it('reads the tools a team works in, and a GitHub profile, as no skill asked', () => {
    const skills = postingSkillsOf(
      parts({
        asks: '- 3+ years of Go programming.\n- A public GitHub profile or a portfolio',
        duties: '- We work together over Jira, Zoom and Slack every day.',
        niceDuties: '- GitHub, Slack, Notion',
      }),
    );
    expect(skills.skills).toEqual(['Go']);
    const admin = postingSkillsOf(parts({ asks: '- Comfortable with Jira, Zoom and Slack' }));
    expect(admin.skills).toEqual(['Jira', 'Slack']);
  });

  it('reads a team to work with as a team, not a skill', () => {
    const skills = postingSkillsOf(
      parts({ asks: '- Partner with the Account Management team. Strong negotiation skills.' }),
    );
    expect(skills.skills).toEqual(['Negotiation']);
  });

  it('reads names in a list of teams as teams: "with Product, CRM, Paid and regional teams"', () => {
    const asks = (text: string) => postingSkillsOf(parts({ asks: text })).skills;
    expect(asks('- Work closely with Product, CRM, Paid and regional teams.')).toEqual([]);
    expect(asks('- Partner with Data Science, Content, and other teams')).toEqual([]);
    expect(asks('- Work with aerodynamics, propulsion and manufacturing teams')).toEqual([]);
    expect(asks('- Work with business development, marketing, technical teams')).toEqual([]);
    expect(asks('- Strong SQL and Python skills to support the Analytics team')).toEqual([
      'SQL',
      'Python',
    ]);
  });

  it('takes a tool of the duties that the posting asks only as a plus as a nice-to-have', () => {
    const skills = postingSkillsOf(
      parts({ asks: '- Terraform', duties: '- Run MCP servers on Kubernetes', nice: '- MCP' }),
    );
    expect(skills.skills).toEqual(['Terraform', 'Kubernetes', 'MCP']);
    expect(skills.niceSkills).toEqual(['MCP']);
  });

  it('reads what the job will teach as not asked, up to a "but" that asks again', () => {
    const asks = (text: string) => postingSkillsOf(parts({ asks: text })).skills;
    expect(asks('- Strong Python, and a willingness to learn OCaml')).toEqual(['Python']);
    expect(asks("- You'll learn how we use OCaml")).toEqual([]);
    expect(
      asks("We don't expect you to know Rust, but we do expect strong JavaScript fundamentals"),
    ).toEqual(['JavaScript']);
  });

  it('reads QA as the field a posting is in, and the kinds of testing as what it asks', () => {
    const asks =
      '- Proven experience as a QA tester.\n- Experience in smoke and regression testing';
    expect(postingSkillsOf(parts({ asks })).skills).toEqual(['Regression Testing']);
  });

  it('reads "AI/ML" as the field, which no posting asks, and "ML" alone as machine learning', () => {
    const asks = (text: string) => postingSkillsOf(parts({ asks: text })).skills;
    expect(asks('- Familiarity with AI/ML adoption and Python')).toEqual(['Python']);
    expect(asks('- 3+ years of ML experience')).toEqual(['Machine Learning']);
  });

  it('asks a chat tool everyone uses, and the tools beside it, only where a sentence asks them', () => {
    expect(postingSkillsOf(parts({ asks: 'Tools: Slack, Notion, GitHub' })).skills).toEqual([]);
    const asks = '- Working knowledge of Slack and Jira.\n- Experience with Notion';
    expect(postingSkillsOf(parts({ asks })).skills).toEqual(['Slack', 'Jira', 'Notion']);
  });
});

describe('findSkills on posting words', () => {
  it('reads "C-level" and "Go-getter" as words, not languages', () => {
    expect(findSkills('Experience with C-level buyers, working with Go-getters')).toEqual([]);
    expect(findSkills('Experience with C and Go')).toEqual(['C', 'Go']);
  });

  it('never reads one name across a comma, and lets "and/or" join a list', () => {
    expect(findSkills('Work across product, marketing and sales')).toEqual([]);
    expect(findSkills('Product marketing experience')).toEqual(['Product Marketing']);
    expect(findSkills('Production code in Python and/or Go')).toEqual(['Python', 'Go']);
  });

  it('names a spoken language only where the sentence speaks of language', () => {
    expect(findSkills('Fluent in German and English.')).toEqual(['German', 'English']);
    expect(findSkills('Strong communication skills in Korean.')).toEqual(['Korean']);
    expect(findSkills('Serve our German customers. Japanese Consumption Tax.')).toEqual([]);
  });

  it('knows the tools real postings name', () => {
    expect(
      findSkills('Megatron-LM, DeepSpeed, the Android SDK, MobX, webhooks, Jamf and Intune'),
    ).toEqual(['Megatron-LM', 'DeepSpeed', 'Android SDK', 'MobX', 'Webhooks', 'Jamf', 'Intune']);
    expect(findSkills('A deep background in RL')).toEqual(['Reinforcement Learning']);
  });

  it('knows the security tools, certifications and AI frameworks postings name', () => {
    expect(findSkills('QRadar or ArcSight, MITRE ATT&CK, FedRAMP; CISSP, Security+')).toEqual([
      'QRadar',
      'ArcSight',
      'MITRE ATT&CK',
      'FedRAMP',
      'CISSP',
      'CompTIA Security+',
    ]);
    expect(findSkills('LangSmith and AutoGen for multi-agent orchestration')).toEqual([
      'LangSmith',
      'AutoGen',
      'Multi-Agent Systems',
    ]);
  });

  it('knows the legal, people and platform skills postings name', () => {
    expect(
      findSkills('Open source licensing, contract drafting, campus recruiting, data governance'),
    ).toEqual([
      'Open Source Licensing',
      'Contract Drafting',
      'Campus Recruiting',
      'Data Governance',
    ]);
    expect(findSkills('Genetec or Lenel; platform engineering; capacity planning')).toEqual([
      'Genetec',
      'Lenel',
      'Platform Engineering',
      'Capacity Planning',
    ]);
  });

  it('knows what designers, Salesforce developers, iOS engineers and sellers type', () => {
    expect(findSkills('Design systems, product roadmapping and B2B sales')).toEqual([
      'Design Systems',
      'Roadmapping',
      'B2B Sales',
    ]);
    expect(findSkills('Apex, LWC, Visualforce, SOQL and Salesforce Flows')).toEqual([
      'Apex',
      'Lightning Web Components',
      'Visualforce',
      'SOQL',
      'Salesforce Flows',
    ]);
    expect(findSkills('Swift with SwiftUI and Combine')).toEqual(['Swift', 'SwiftUI', 'Combine']);
    expect(findSkills('Combine curiosity with rigour.')).toEqual([]);
  });

  it('knows the written forms of sales skills: forecast accuracy, federal government sales', () => {
    expect(findSkills('Keep 90% forecast accuracy in federal government sales')).toEqual([
      'Sales Forecasting',
      'Government Sales',
    ]);
  });

  it('reads "term sheets" as a contract, and "Sheets" as the spreadsheet', () => {
    expect(findSkills('Structure term sheets and contracts')).toEqual([]);
    expect(findSkills('Fluent in Excel and Sheets')).toEqual(['Excel', 'Google Sheets']);
  });

  it('knows the testing kinds a QA posting asks for', () => {
    expect(
      findSkills('Manual and regression testing, smoke tests, API testing and load testing'),
    ).toEqual(['Regression Testing', 'Smoke Testing', 'API Testing', 'Performance Testing']);
    expect(
      findSkills(
        'Manual testing, mobile testing, E2E tests; write test cases; Xray; Robot Framework',
      ),
    ).toEqual([
      'Manual Testing',
      'Mobile Testing',
      'End-to-End Testing',
      'Test Case Design',
      'Xray',
      'Robot Framework',
    ]);
  });

  it('knows the compliance, sales and marketing skills postings ask for', () => {
    expect(
      findSkills('EDD and CDD reviews, AML/CFT, PEP screening, adverse media, World-Check One'),
    ).toEqual([
      'Enhanced Due Diligence',
      'Customer Due Diligence',
      'AML',
      'CFT',
      'PEP Screening',
      'Adverse Media Screening',
      'World-Check',
    ]);
    expect(findSkills('CAMS certified; liquidity management')).toEqual([
      'CAMS',
      'Liquidity Management',
    ]);
    expect(
      findSkills(
        'Account-based marketing with 6sense and Demandbase; B2B marketing; user acquisition',
      ),
    ).toEqual([
      'Account-Based Marketing',
      '6sense',
      'Demandbase',
      'B2B Marketing',
      'User Acquisition',
    ]);
    expect(findSkills('Closing complex Enterprise deals in Enterprise accounts')).toEqual([
      'Enterprise Sales',
    ]);
    expect(findSkills('Advertising sales, value selling, Command of the Message')).toEqual([
      'Media Sales',
      'Value Selling',
      'Command of the Message',
    ]);
  });

  it('knows fields postings ask experience in, but not the bare word "cloud"', () => {
    expect(findSkills('Experience with cloud platforms and 3D printing')).toEqual([
      'Cloud',
      'Additive Manufacturing',
    ]);
    expect(findSkills('Our data lives in the cloud. Cloud Security and ICD-10 coding')).toEqual([
      'Cloud Security',
      'ICD-10',
    ]);
    expect(findSkills('An active security clearance')).toEqual(['Security Clearance']);
  });
});

describe('the field-of-work list', () => {
  it('names only skills of the vocabulary', () => {
    const names = new Set(SKILLS.map((skill) => skill.name));
    for (const area of AREA_SKILLS) expect(names.has(area), area).toBe(true);
  });
});
