package dev.skills.spring.ai.observation;

import io.micrometer.common.docs.KeyName;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;
import io.micrometer.observation.docs.ObservationDocumentation;

/**
 * The observations of the skill tools. Attribute names follow the OpenTelemetry GenAI
 * drafts where one exists ({@code gen_ai.skill.name}, {@code gen_ai.tool.name},
 * {@code gen_ai.conversation.id}); the others start with {@code skills.}.
 */
public enum SkillsObservationDocumentation implements ObservationDocumentation {

	/** One {@code activate_skill} call, or a session-mode pin: one per activation. */
	SKILL_ACTIVATION {

		@Override
		public String getName() {
			return "skills.activation";
		}

		@Override
		public Class<? extends ObservationConvention<? extends Observation.Context>> getDefaultConvention() {
			return DefaultSkillObservationConvention.class;
		}

		@Override
		public KeyName[] getLowCardinalityKeyNames() {
			return SkillKeyNames.values();
		}

		@Override
		public KeyName[] getHighCardinalityKeyNames() {
			return ConversationKeyNames.values();
		}

	},

	/** One {@code read_skill_resource} call. */
	SKILL_RESOURCE_READ {

		@Override
		public String getName() {
			return "skills.resource.read";
		}

		@Override
		public Class<? extends ObservationConvention<? extends Observation.Context>> getDefaultConvention() {
			return DefaultSkillObservationConvention.class;
		}

		@Override
		public KeyName[] getLowCardinalityKeyNames() {
			return SkillKeyNames.values();
		}

		@Override
		public KeyName[] getHighCardinalityKeyNames() {
			return ConversationKeyNames.values();
		}

	},

	/**
	 * One {@code run_skill_script} call, refused ones included: its timer is the
	 * OpenTelemetry draft's {@code gen_ai.skill.script.executions} by skill and outcome.
	 */
	SKILL_SCRIPT_RUN {

		@Override
		public String getName() {
			return "skills.script.run";
		}

		@Override
		public Class<? extends ObservationConvention<? extends Observation.Context>> getDefaultConvention() {
			return DefaultSkillObservationConvention.class;
		}

		@Override
		public KeyName[] getLowCardinalityKeyNames() {
			return SkillKeyNames.values();
		}

		@Override
		public KeyName[] getHighCardinalityKeyNames() {
			return KeyName.merge(ConversationKeyNames.values(), ScriptKeyNames.values());
		}

	},

	/**
	 * One {@code search_skills} call: how long the query was and how many skills it
	 * found, never the query itself.
	 */
	SKILL_SEARCH {

		@Override
		public String getName() {
			return "skills.search";
		}

		@Override
		public Class<? extends ObservationConvention<? extends Observation.Context>> getDefaultConvention() {
			return DefaultSkillSearchObservationConvention.class;
		}

		@Override
		public KeyName[] getLowCardinalityKeyNames() {
			return SearchKeyNames.values();
		}

		@Override
		public KeyName[] getHighCardinalityKeyNames() {
			return SearchDetailKeyNames.values();
		}

	};

	/**
	 * The low-cardinality keys of an activation or a resource read: they become meter
	 * tags.
	 */
	public enum SkillKeyNames implements KeyName {

		/**
		 * The skill; {@code unknown} for a name the registry does not know, so that names
		 * a model makes up cannot grow the number of meters.
		 */
		SKILL_NAME {
			@Override
			public String asString() {
				return "gen_ai.skill.name";
			}
		},

		/** The tool: {@code activate_skill} or {@code read_skill_resource}. */
		TOOL_NAME {
			@Override
			public String asString() {
				return "gen_ai.tool.name";
			}
		},

		/**
		 * How the call ended: {@code ok}, {@code already_active}, {@code not_found} or
		 * {@code rejected}; a script run {@code ok}, {@code failed}, {@code timed_out} or
		 * {@code refused}.
		 */
		OUTCOME {
			@Override
			public String asString() {
				return "skills.outcome";
			}
		},

		/**
		 * The skill set of the request: its name, {@code none} when no set is in force,
		 * {@code unknown} for a name no set has.
		 */
		SKILL_SET {
			@Override
			public String asString() {
				return "skills.set";
			}
		}

	}

	/**
	 * The high-cardinality keys of an activation or a resource read: on spans, never on
	 * meters.
	 */
	public enum ConversationKeyNames implements KeyName {

		/** The conversation, when the call came through the advisor. */
		CONVERSATION_ID {
			@Override
			public String asString() {
				return "gen_ai.conversation.id";
			}
		}

	}

	/**
	 * The high-cardinality keys of a script run, besides the conversation.
	 */
	public enum ScriptKeyNames implements KeyName {

		/** The script's exit code, when it ran to an end. */
		EXIT_CODE {
			@Override
			public String asString() {
				return "skills.script.exit_code";
			}
		}

	}

	/**
	 * The low-cardinality keys of a search.
	 */
	public enum SearchKeyNames implements KeyName {

		/** The tool: {@code search_skills}. */
		TOOL_NAME {
			@Override
			public String asString() {
				return "gen_ai.tool.name";
			}
		},

		/** {@code found} when the search found a skill, else {@code none}. */
		OUTCOME {
			@Override
			public String asString() {
				return "skills.outcome";
			}
		},

		/**
		 * The skill set of the request: its name, {@code none} when no set is in force,
		 * {@code unknown} for a name no set has.
		 */
		SKILL_SET {
			@Override
			public String asString() {
				return "skills.set";
			}
		}

	}

	/**
	 * The high-cardinality keys of a search.
	 */
	public enum SearchDetailKeyNames implements KeyName {

		/** The length of the query, in characters. */
		QUERY_LENGTH {
			@Override
			public String asString() {
				return "skills.search.query.length";
			}
		},

		/** How many skills the search found. */
		HITS {
			@Override
			public String asString() {
				return "skills.search.hits";
			}
		}

	}

}
