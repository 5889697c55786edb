package dev.skills.spring.ai.tool;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.Prompts;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import dev.skills.spring.ai.observation.SkillsObservationDocumentation;
import dev.skills.spring.ai.tool.SkillInvocationListener.Outcome;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import io.micrometer.observation.tck.TestObservationRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Listeners around the skill tools, and the observations made of every call.
 */
class SkillInvocationListenerTests {

	final InMemoryActiveSkillsRepository activeSkills = new InMemoryActiveSkillsRepository();

	@TempDir
	Path root;

	SkillsRegistry registry;

	ScriptedChatModel model = new ScriptedChatModel();

	TestObservationRegistry observations = TestObservationRegistry.create();

	List<String> events = new CopyOnWriteArrayList<>();

	@BeforeEach
	void skills() {
		Path pdf = SkillFixtures.skillWithFrontmatter(this.root, "pdf-processing", "", "Use pypdf.");
		SkillFixtures.write(pdf.resolve("references/FORMS.md"), "Fill every field.");
		SkillFixtures.write(pdf.resolve("references/FORMS-v2.md"), "Fill every field, twice.");
		SkillFixtures.skillWithFrontmatter(this.root, "pdf-legacy", "", "Use pdftk.");
		this.registry = TestRegistries.of(this.root);
	}

	@AfterEach
	void close() {
		this.registry.close();
	}

	SkillsAdvisor advisor(SkillInvocationListener... listeners) {
		return SkillsAdvisor
			.builder(SkillsTools.builder(this.registry)
				.activeSkillsRepository(this.activeSkills)
				.listeners(List.of(listeners))
				.observationRegistry(this.observations)
				.build())
			.build();
	}

	String ask(SkillsAdvisor advisor) {
		return ChatClient.builder(this.model)
			.defaultAdvisors(advisor)
			.build()
			.prompt()
			.user("Do it")
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "c1"))
			.call()
			.content();
	}

	String lastToolResult() {
		return Prompts.lastToolResult(this.model.prompts().get(this.model.prompts().size() - 1));
	}

	@Test
	void beforeSeesTheCallWithItsConversation() {
		this.model
			.thenCall("read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"references/FORMS.md\"}")
			.thenAnswer("ok");
		List<SkillInvocation> seen = new CopyOnWriteArrayList<>();

		ask(advisor(new SkillInvocationListener() {
			@Override
			public SkillInvocation before(SkillInvocation invocation) {
				seen.add(invocation);
				return invocation;
			}
		}));

		assertThat(seen)
			.containsExactly(new SkillInvocation("read_skill_resource", "pdf-processing", "references/FORMS.md", "c1"));
	}

	@Test
	void beforeCanRewriteTheSkillName() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-legacy\"}").thenAnswer("ok");
		SkillsAdvisor advisor = advisor(new SkillInvocationListener() {
			@Override
			public SkillInvocation before(SkillInvocation invocation) {
				return invocation.skillName().equals("pdf-legacy") ? invocation.withSkillName("pdf-processing")
						: invocation;
			}
		});

		ask(advisor);

		assertThat(lastToolResult()).startsWith("<skill_content name=\"pdf-processing\">\nUse pypdf.");
		assertThat(this.activeSkills.findByConversationId("c1")).extracting("name").containsExactly("pdf-processing");
		assertThat(this.observations)
			.hasObservationWithNameEqualTo(SkillsObservationDocumentation.SKILL_ACTIVATION.getName())
			.that()
			.hasLowCardinalityKeyValue("gen_ai.skill.name", "pdf-processing");
	}

	@Test
	void beforeCanRewriteThePath() {
		this.model
			.thenCall("read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"references/FORMS.md\"}")
			.thenAnswer("ok");

		ask(advisor(new SkillInvocationListener() {
			@Override
			public SkillInvocation before(SkillInvocation invocation) {
				return invocation.withPath("references/FORMS-v2.md");
			}
		}));

		assertThat(lastToolResult()).isEqualTo("Fill every field, twice.");
	}

	@Test
	void afterCanRewriteTheResultAndSeesTheOutcome() {
		this.model
			.thenCalls("activate_skill", "{\"skill_name\":\"pdf-processing\"}", "activate_skill",
					"{\"skill_name\":\"pdf-processing\"}", "activate_skill", "{\"skill_name\":\"nope\"}",
					"read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"../x\"}")
			.thenAnswer("ok");

		ask(advisor(new SkillInvocationListener() {
			@Override
			public String after(SkillInvocation invocation, String result, Outcome outcome) {
				return outcome + ": " + result.lines().findFirst().orElse("");
			}
		}));

		assertThat(Prompts.toolResults(this.model.prompts().get(1))).containsExactly(
				"OK: <skill_content name=\"pdf-processing\">",
				"ALREADY_ACTIVE: Skill 'pdf-processing' is already active: its instructions are in the conversation "
						+ "above. Follow them.",
				"NOT_FOUND: Unknown skill 'nope'. Available skills: pdf-legacy, pdf-processing.",
				"REJECTED: Cannot read '../x' from skill 'pdf-processing': '..' would leave the skill folder.");
	}

	@Test
	void listenersRunInOrderEachSeeingThePreviousOne() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}").thenAnswer("ok");

		ask(advisor(new Recorder("first"), new Recorder("second")));

		assertThat(this.events).containsExactly("first before pdf-processing", "second before pdf-processing",
				"first after </skill_content>", "second after </skill_content>[first]");
		assertThat(lastToolResult()).endsWith("</skill_content>[first][second]");
	}

	@Test
	void aLaterListenerSeesTheCallAsAnEarlierOneRewroteIt() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-legacy\"}").thenAnswer("ok");
		SkillInvocationListener redirect = new SkillInvocationListener() {
			@Override
			public SkillInvocation before(SkillInvocation invocation) {
				return invocation.withSkillName("pdf-processing");
			}
		};

		ask(advisor(redirect, new Recorder("audit")));

		assertThat(this.events).containsExactly("audit before pdf-processing", "audit after </skill_content>");
	}

	@Test
	void errorIsCalledWhenTheToolFailsAndTheModelGetsAShortMessage() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}").thenAnswer("continued");
		List<Exception> errors = new CopyOnWriteArrayList<>();
		SkillInvocationListener failing = new SkillInvocationListener() {
			@Override
			public SkillInvocation before(SkillInvocation invocation) {
				throw new IllegalStateException("audit store is down");
			}

			@Override
			public void error(SkillInvocation invocation, Exception error) {
				errors.add(error);
			}
		};

		String answer = ask(advisor(failing));

		assertThat(answer).isEqualTo("continued");
		assertThat(errors).singleElement()
			.isInstanceOf(IllegalStateException.class)
			.extracting(Exception::getMessage)
			.isEqualTo("audit store is down");
		assertThat(lastToolResult())
			.isEqualTo("activate_skill failed for skill 'pdf-processing'; try again or continue without it.");
	}

	@Test
	void aListenerFailingAfterTheToolRanGivesTheModelAShortMessage() {
		this.model
			.thenCall("read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"references/FORMS.md\"}")
			.thenAnswer("continued");
		List<SkillInvocation> failed = new CopyOnWriteArrayList<>();

		String answer = ask(advisor(new SkillInvocationListener() {
			@Override
			public String after(SkillInvocation invocation, String result, Outcome outcome) {
				throw new IllegalStateException("cannot audit");
			}

			@Override
			public void error(SkillInvocation invocation, Exception error) {
				failed.add(invocation);
			}
		}));

		assertThat(answer).isEqualTo("continued");
		assertThat(failed).extracting(SkillInvocation::path).containsExactly("references/FORMS.md");
		assertThat(lastToolResult())
			.isEqualTo("read_skill_resource failed for skill 'pdf-processing'; try again or continue without it.");
	}

	@Test
	void aListenerReturningNoCallGivesTheModelAShortMessage() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}").thenAnswer("continued");

		String answer = ask(advisor(new SkillInvocationListener() {
			@Override
			public SkillInvocation before(SkillInvocation invocation) {
				return null;
			}
		}));

		assertThat(answer).isEqualTo("continued");
		assertThat(lastToolResult())
			.isEqualTo("activate_skill failed for skill 'pdf-processing'; try again or continue without it.");
	}

	@Test
	void anActivationIsObservedWithSkillToolAndOutcome() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}").thenAnswer("ok");

		ask(advisor());

		assertThat(this.observations)
			.hasNumberOfObservationsWithNameEqualTo(SkillsObservationDocumentation.SKILL_ACTIVATION.getName(), 1)
			.hasObservationWithNameEqualTo("skills.activation")
			.that()
			.hasBeenStarted()
			.hasBeenStopped()
			.hasLowCardinalityKeyValue("gen_ai.skill.name", "pdf-processing")
			.hasLowCardinalityKeyValue("gen_ai.tool.name", "activate_skill")
			.hasLowCardinalityKeyValue("skills.outcome", "ok");
	}

	@Test
	void aRepeatedActivationIsObservedAsAlreadyActive() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenAnswer("ok");

		ask(advisor());

		assertThat(this.observations).hasNumberOfObservationsWithNameEqualTo("skills.activation", 2)
			.hasAnObservation((observation) -> observation.hasNameEqualTo("skills.activation")
				.hasLowCardinalityKeyValue("skills.outcome", "already_active"));
	}

	@Test
	void aFileReadIsObservedWithSkillAndOutcome() {
		this.model
			.thenCall("read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"references/FORMS.md\"}")
			.thenCall("read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"/etc/passwd\"}")
			.thenCall("read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"missing.md\"}")
			.thenAnswer("ok");

		ask(advisor());

		assertThat(this.observations)
			.hasNumberOfObservationsWithNameEqualTo(SkillsObservationDocumentation.SKILL_RESOURCE_READ.getName(), 3)
			.hasAnObservation((observation) -> observation.hasNameEqualTo("skills.resource.read")
				.hasLowCardinalityKeyValue("gen_ai.skill.name", "pdf-processing")
				.hasLowCardinalityKeyValue("gen_ai.tool.name", "read_skill_resource")
				.hasLowCardinalityKeyValue("skills.outcome", "ok"))
			.hasAnObservation((observation) -> observation.hasNameEqualTo("skills.resource.read")
				.hasLowCardinalityKeyValue("skills.outcome", "rejected"))
			.hasAnObservation((observation) -> observation.hasNameEqualTo("skills.resource.read")
				.hasLowCardinalityKeyValue("skills.outcome", "not_found"));
	}

	@Test
	void anUnknownSkillIsObservedAsNotFound() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"nope\"}").thenAnswer("ok");

		ask(advisor());

		assertThat(this.observations).hasObservationWithNameEqualTo("skills.activation")
			.that()
			.hasLowCardinalityKeyValue("gen_ai.tool.name", "activate_skill")
			.hasLowCardinalityKeyValue("gen_ai.skill.name", "unknown")
			.hasLowCardinalityKeyValue("skills.outcome", "not_found");
	}

	@Test
	void aFailedCallIsObservedWithItsError() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}").thenAnswer("ok");

		ask(advisor(new SkillInvocationListener() {
			@Override
			public SkillInvocation before(SkillInvocation invocation) {
				throw new IllegalStateException("denied");
			}
		}));

		assertThat(this.observations).hasObservationWithNameEqualTo("skills.activation")
			.that()
			.hasBeenStopped()
			.hasLowCardinalityKeyValue("gen_ai.skill.name", "pdf-processing")
			.hasLowCardinalityKeyValue("skills.outcome", "not_found")
			.assertThatError()
			.hasMessage("denied");
	}

	@Test
	void argumentsTooBadToNameASkillAreNeitherListenedToNorObserved() {
		this.model.thenCall("activate_skill", "not json").thenAnswer("ok");

		ask(advisor(new Recorder("only")));

		assertThat(this.events).isEmpty();
		assertThat(this.observations).doesNotHaveAnyObservation();
	}

	/**
	 * Records what it sees and marks the results it passes on.
	 */
	final class Recorder implements SkillInvocationListener {

		private final String name;

		Recorder(String name) {
			this.name = name;
		}

		@Override
		public SkillInvocation before(SkillInvocation invocation) {
			SkillInvocationListenerTests.this.events.add(this.name + " before " + invocation.skillName());
			return invocation;
		}

		@Override
		public String after(SkillInvocation invocation, String result, Outcome outcome) {
			SkillInvocationListenerTests.this.events
				.add(this.name + " after " + result.substring(result.lastIndexOf('\n') + 1));
			return result + "[" + this.name + "]";
		}

	}

}
