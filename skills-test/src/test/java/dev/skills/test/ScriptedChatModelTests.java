package dev.skills.test;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.prompt.Prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ScriptedChatModelTests {

	private final Weather weather = new Weather();

	@Test
	void whenTheScriptCallsAToolThenChatClientRunsItAndSendsTheResultBack() {
		ScriptedChatModel model = new ScriptedChatModel().thenCall("forecast", "{\"city\":\"Oslo\"}")
			.thenAnswer("Take a coat.");
		String answer = ChatClient.create(model).prompt().user("Weather?").tools(this.weather).call().content();
		assertThat(answer).isEqualTo("Take a coat.");
		assertThat(this.weather.cities).containsExactly("Oslo");
		assertThat(model.prompts()).hasSize(2);
		assertThat(toolResult(model.prompts().get(1))).contains("Snow in Oslo");
	}

	@Test
	void whenSeveralCallsAreScriptedThenAllRunInOneTurn() {
		ScriptedChatModel model = new ScriptedChatModel()
			.thenCalls("forecast", "{\"city\":\"Oslo\"}", "forecast", "{\"city\":\"Rome\"}")
			.thenAnswer("Done.");
		ChatClient.create(model).prompt().user("Weather?").tools(this.weather).call().content();
		assertThat(this.weather.cities).containsExactly("Oslo", "Rome");
	}

	@Test
	void whenTheScriptIsUsedUpThenTheRuleAnswers() {
		ScriptedChatModel model = new ScriptedChatModel().thenAnswer("First.")
			.otherwise((prompt) -> ScriptedChatModel.answer("Echo: " + prompt.getUserMessage().getText()));
		ChatClient client = ChatClient.create(model);
		assertThat(client.prompt().user("one").call().content()).isEqualTo("First.");
		assertThat(client.prompt().user("two").call().content()).isEqualTo("Echo: two");
		assertThat(client.prompt().user("three").call().content()).isEqualTo("Echo: three");
	}

	@Test
	void whenNoStepAndNoRuleIsLeftThenTheCallFailsNamingThePrompt() {
		ScriptedChatModel model = new ScriptedChatModel().thenAnswer("Only one.");
		ChatClient client = ChatClient.create(model);
		client.prompt().user("one").call().content();
		assertThatExceptionOfType(IllegalStateException.class)
			.isThrownBy(() -> client.prompt().user("two").call().content())
			.withMessage("The script has no answer for prompt 2");
	}

	@Test
	void whenToolNamesAndArgumentsDoNotPairUpThenTheScriptIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> new ScriptedChatModel().thenCalls("forecast"));
	}

	@Test
	void whenStreamingThenTheScriptedAnswerIsStreamed() {
		ScriptedChatModel model = new ScriptedChatModel().thenAnswer("Streamed.");
		List<String> parts = ChatClient.create(model).prompt().user("hi").stream().content().collectList().block();
		assertThat(parts).containsExactly("Streamed.");
	}

	private static String toolResult(Prompt prompt) {
		return prompt.getInstructions()
			.stream()
			.filter(ToolResponseMessage.class::isInstance)
			.map(ToolResponseMessage.class::cast)
			.flatMap((message) -> message.getResponses().stream())
			.map(ToolResponseMessage.ToolResponse::responseData)
			.findFirst()
			.orElse("");
	}

}
